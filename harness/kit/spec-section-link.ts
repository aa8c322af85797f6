/**
 * Where a test's "spec §N" link points: the source document as one page, which the reports write
 * beside the Allure report (report/spec-page.ts), with an anchor per numbered section. Here, in the
 * kit, because the link is made while a test runs (requirement-test.ts); the report writes the page
 * it points to and makes the link open it (report/allure-section-anchors.ts).
 *
 * Allure 3 makes an anchor of an http(s), mailto or tel link only: a link relative to the report is
 * shown as its name, in text. So the link's name carries the section, in a shape the report's page
 * recognises (SPEC_SECTION_LINK_NAME), and the page turns it into an anchor to this address.
 */
export const SPEC_PAGE_FILE = 'spec-document.html';

/** The id of section `section`'s heading on the page (e.g. "section-4.1"). */
const specSectionAnchor = (section: string): string => `section-${section}`;

/** The link of section `section` (e.g. "4.1") from a page one folder below the output folder. */
export const specSectionLink = (section: string): string => `../${SPEC_PAGE_FILE}#${specSectionAnchor(section)}`;

/** The name a section link shows ("spec §4.1"). */
export const specSectionLinkName = (section: string): string => `spec §${section}`;

/** A section link's name, the section captured: a number of the document's headings (4, 4.1, 2.10). */
export const SPEC_SECTION_LINK_NAME = /^spec §(\d+(?:\.\d+)*)$/;
