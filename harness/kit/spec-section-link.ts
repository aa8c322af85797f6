/**
 * Where a test's "spec §N" link points (issue 18): the source document as one page, which the
 * reports write beside the Allure report (report/spec-page.ts), with an anchor per numbered
 * section. Here, in the kit, because the link is made while a test runs (requirement-test.ts); the
 * report only writes the page it points to.
 */
export const SPEC_PAGE_FILE = 'spec-document.html';

/** The link of section `section` (e.g. "4.1") from a page one folder below the output folder. */
export const specSectionLink = (section: string): string => `../${SPEC_PAGE_FILE}#section-${section}`;
