/**
 * Section 4.15: "The paths /whatsapp/send, /agenda and /campaigns are named in passing (campaign ids
 * are checked against /campaigns); their shapes: not shown." Each is registered with the default
 * method of section 4 ("Unless a line says otherwise the method is POST") and open schemas, so that
 * nothing beyond the document is asserted of them.
 */
import { z } from 'zod';
import type { OperationDefinition } from './operation.ts';

const NOT_SHOWN =
  'The paths /whatsapp/send, /agenda and /campaigns are named in passing (campaign ids are checked against /campaigns); their shapes: not shown.';

/**
 * An open JSON object: any fields, none asserted. Its example is the empty object, the one value
 * that invents no field (without one, documentation renderers sample it as property1: null, ...).
 */
const openObject = (id: string, description: string) => z.looseObject({}).meta({ id, description, example: {} });

export const OtherWhatsappSendRequest = openObject('OtherWhatsappSendRequest', 'POST /whatsapp/send body: shape not shown (section 4.15)');
export const OtherWhatsappSendResponse = openObject('OtherWhatsappSendResponse', 'POST /whatsapp/send answer: shape not shown (section 4.15)');
export const OtherAgendaRequest = openObject('OtherAgendaRequest', 'POST /agenda body: shape not shown (section 4.15)');
export const OtherAgendaResponse = openObject('OtherAgendaResponse', 'POST /agenda answer: shape not shown (section 4.15)');
export const OtherCampaignsRequest = openObject('OtherCampaignsRequest', 'POST /campaigns body: shape not shown (section 4.15)');
export const OtherCampaignsResponse = openObject('OtherCampaignsResponse', 'POST /campaigns answer: shape not shown (section 4.15)');

/** The one example an open schema can carry without inventing fields. */
const openExample = { unknown: { status: 200, summary: 'Shape not shown: any JSON object is accepted', value: {} } };

export const otherOperations: OperationDefinition[] = [
  {
    operationId: 'other/whatsapp-send',
    method: 'POST',
    path: '/whatsapp/send',
    area: 'other',
    summary: 'WhatsApp send (shape not shown)',
    description: 'Named in passing; its shape: not shown.',
    section: '4.15',
    auth: 'account',
    request: { body: OtherWhatsappSendRequest },
    // The success status is not shown either; 200 is the envelope's usual status (2.1), not asserted.
    success: { httpStatus: [200], schema: OtherWhatsappSendResponse, examples: openExample },
    errorBody: 'envelope',
    ambiguities: [],
    notShown: NOT_SHOWN,
  },
  {
    operationId: 'other/agenda',
    method: 'POST',
    path: '/agenda',
    area: 'other',
    summary: 'Agenda (shape not shown)',
    description: 'Named in passing; its shape: not shown.',
    section: '4.15',
    auth: 'account',
    request: { body: OtherAgendaRequest },
    success: { httpStatus: [200], schema: OtherAgendaResponse, examples: openExample },
    errorBody: 'envelope',
    ambiguities: [],
    notShown: NOT_SHOWN,
  },
  {
    operationId: 'other/campaigns',
    method: 'POST',
    path: '/campaigns',
    area: 'other',
    summary: 'Campaigns (shape not shown)',
    description: 'Named in passing: campaign ids are checked against /campaigns; its shape: not shown.',
    section: '4.15',
    auth: 'account',
    request: { body: OtherCampaignsRequest },
    success: { httpStatus: [200], schema: OtherCampaignsResponse, examples: openExample },
    errorBody: 'envelope',
    ambiguities: [],
    notShown: NOT_SHOWN,
  },
];
