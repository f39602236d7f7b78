/**
 * What the creates and edits of jobs and offers say about their public text (docs/decisions.md,
 * "Contact details in public text"): the OpenAPI document and the MCP tools show it.
 */
export const NO_CONTACT_DETAILS =
  'Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, ' +
  'whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.';
