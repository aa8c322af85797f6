/**
 * The document-level parts of the OpenAPI document that do not come from an operation: info,
 * servers and the two ways of passing the API key (section 5).
 */
import type { InfoObject, SecurityRequirementObject, SecuritySchemeObject, ServerObject } from 'openapi3-ts/oas31';
import pkg from '../package.json' with { type: 'json' };

const SOURCE_DOCUMENT = 'spec/source/messaging-service-interface.md';

export const INFO: InfoObject = {
  title: 'Messaging Service API',
  version: pkg.version,
  description: [
    'HTTP/JSON messaging platform for Mexico: SMS (with RCS, flash SMS and URL shortening), voice calls, OTP ' +
      'verification in two generations, contact lists and contacts, wallets, loyalty cards, tool users, subaccounts, ' +
      'credits, reports, payment requests, webhook management and webhook events, plus the legacy v1 SMS API.',
    `This document is generated from the zod schemas of the \`${pkg.name}\` package (\`schemas/\`), which transcribe the ` +
      `Messaging Service Interface Specification (\`${SOURCE_DOCUMENT}\`). Do not edit it by hand: run \`npm run spec\`.`,
    'Every operation carries `x-spec-section` (the section of the source document it comes from), `x-requirements` (the ' +
      'requirement ids that tests name), and, where they apply, `x-ambiguities` (the places where the document contradicts itself ' +
      'or says "not shown", with the option a test takes by default), `x-not-shown` and `x-limits`. The whole ambiguity register ' +
      'is at the top level under `x-ambiguities`, and the latitude register (the freedoms every conformant server may use: ' +
      'how unset fields are written, extra fields, unstated error statuses, unnamed codes and the like) under `x-latitudes`.',
    'Unless an operation says otherwise, errors carry HTTP status 200 with the status and code in the body (section 7.1), ' +
      'and authentication errors may too (section 5): every 200 response is the success body or an error body, told apart ' +
      'by `success` (true or false). Test `success` before reading a success field, then read the body `status` and `code`, ' +
      'not only the HTTP status. Statuses the document states (401, 403, 410, 429 and those of the current OTP set) have ' +
      'their own responses; `default` holds errors whose status it does not state, which a server may also answer with a 4xx.',
    'Response schemas follow the latitude register: they do not close their objects (a body may carry fields beyond ' +
      'those listed, latitude `extra-fields`), and a field the document does not require to carry a value may be ' +
      'absent, null or "" (latitude `unset-field`). A client that validates with them accepts any conformant server.',
  ].join('\n\n'),
  // package.json: "UNLICENSED", not published under an open licence. SPDX lists no such licence,
  // so the identifier is a LicenseRef (the SPDX form for licences outside its list).
  license: { name: 'Proprietary (UNLICENSED)', identifier: 'LicenseRef-UNLICENSED' },
};

/**
 * Section 1: "Base address of every path: {base_url}". The variable has no description of its own:
 * the OAS 3.1 schema bundled with swagger-parser 13 misspells that field ("descriptions") and so
 * rejects it; the server description says it instead.
 */
export const SERVERS: ServerObject[] = [
  {
    url: '{base_url}',
    description:
      'The service base address. The document names it {base_url} and does not give its value; the default https://api.example.com is a placeholder.',
    variables: { base_url: { default: 'https://api.example.com' } },
  },
];

/** Names of the security schemes, referenced by operations (section 5). */
export const SECURITY = { header: 'apikey', v1Parameter: 'v1ApiKey' } as const;

export const SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  [SECURITY.header]: {
    type: 'apiKey',
    in: 'header',
    name: 'apikey',
    description:
      'The account API key in the header apikey (section 5.1); it may also be given as a body field named apikey. Subaccount operations ' +
      'need the manager (administrator) key (5.3). No Bearer token or OAuth; the legacy token header answers 410 auth_deprecated (5.6).',
  },
  [SECURITY.v1Parameter]: {
    type: 'apiKey',
    in: 'query',
    name: 'apikey',
    description: 'Legacy v1 endpoints take apikey as a request parameter (section 5.5).',
  },
};

/** Section 5.1: every request carries the header apikey. */
export const GLOBAL_SECURITY: SecurityRequirementObject[] = [{ [SECURITY.header]: [] }];
