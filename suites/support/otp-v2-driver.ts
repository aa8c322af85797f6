/**
 * The driver of suites/otp-v2/: what a test of 3.1, 4.4 and 8 does to one verification (its number
 * and request fields: otp-v2-subject.ts), held as five parts, each in its own module, which a call
 * names (`d.calls.verify(...)`): `d.clock`, the kit's and the target's clocks (otp-v2-clock.ts);
 * `d.calls`, the calls of 4.4 and their charges (otp-v2-calls.ts); `d.states`, reaching each state
 * of 3.1 (otp-v2-states.ts); `d.cooldown`, the 30 s cooldown of 8 (otp-v2-cooldown.ts); `d.reads`,
 * the reads whose shape the document leaves open (otp-v2-reads.ts). Each part is built from the
 * parts it uses, all on one clock. HTTP only: nothing here knows the reference server.
 */
import type { Target } from '../../harness/kit/index.ts';
import { OtpCalls } from './otp-v2-calls.ts';
import { OtpClock } from './otp-v2-clock.ts';
import { OtpCooldown } from './otp-v2-cooldown.ts';
import { OtpReads } from './otp-v2-reads.ts';
import { OtpStates } from './otp-v2-states.ts';

export class OtpDriver {
  readonly clock: OtpClock;
  readonly calls: OtpCalls;
  readonly states: OtpStates;
  readonly cooldown: OtpCooldown;
  readonly reads: OtpReads;

  constructor(t: Target) {
    this.clock = new OtpClock(t);
    this.calls = new OtpCalls(t);
    this.states = new OtpStates(t, this.clock, this.calls);
    this.cooldown = new OtpCooldown(t, this.clock, this.calls, this.states);
    this.reads = new OtpReads(t, this.clock, this.calls);
  }
}
