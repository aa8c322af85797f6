/**
 * A body the server cannot read as fields: malformed JSON, a content type no operation takes, or a
 * JSON value that is no object (0, 4: "Bodies are JSON unless a section says otherwise"; the form
 * fields of 4 are read alike). The body parsers hand it on instead of answering, so that
 * authentication (5) still comes first and the refusal is the operation's own: the 4.4 body with
 * 400 on the current OTP set (7.3), the envelope of 2.1 elsewhere.
 */
export class UnreadableBody {
  constructor(
    readonly reason: string,
    /** The HTTP status and code of the envelope answer; none: a validation error of 7.1. */
    readonly protocol?: { status: number; code: string },
  ) {}
}
