/**
 * Makes each test's "spec §N" link of the Allure page open that section of the document written
 * beside the report (spec-document.html).
 *
 * Allure 3's awesome report renders a link as an anchor only when its URL is absolute http(s),
 * mailto or tel; any other URL (a path relative to the report, file://) is shown as its name, in
 * text, and opens nothing. A file:// URL would not survive the report being moved or uploaded; an
 * http(s) one would make the report call out. So the result keeps its relative link, and the page
 * gets this small script: wherever Allure shows a link named "spec §N" (kit/spec-section-link.ts), the
 * name is wrapped in an anchor to `../spec-document.html#section-N`, relative to the page, so the link
 * works wherever the report folder and the document sit side by side (a disk, an unzipped artifact).
 *
 * The text node Allure made is moved into the anchor, not replaced, so Allure keeps updating it when
 * another test is opened; the anchor's address is then read again from the text.
 */
import { SPEC_SECTION_LINK_NAME, specSectionLink } from '../kit/spec-section-link.ts';

/** Where Allure 3 (awesome, 3.18) shows one link of a test: its name inside this element. */
const ALLURE_LINK_SELECTOR = '[data-testid="test-result-meta-link"]';

/** The class of the anchors the script adds (the browser test finds them by it). */
const SECTION_ANCHOR_CLASS = 'mc-spec-section';

/**
 * The script, as plain ES5 text (not a function of ours serialized: the TypeScript loader may add
 * helpers to a function's text that the page does not have).
 */
export function sectionAnchorScript(): string {
  const pattern = JSON.stringify(SPEC_SECTION_LINK_NAME.source);
  const prefix = JSON.stringify(specSectionLink(''));
  const selector = JSON.stringify(ALLURE_LINK_SELECTOR);
  const anchorClass = JSON.stringify(SECTION_ANCHOR_CLASS);
  return `<style>a.${SECTION_ANCHOR_CLASS}{color:inherit;text-decoration:underline;cursor:pointer}</style>
<script>(function(){
var pattern=new RegExp(${pattern}),prefix=${prefix},selector=${selector},anchorClass=${anchorClass};
function hrefOf(text){var m=pattern.exec(text.trim());return m?prefix+m[1]:null;}
function upgrade(){
  var items=document.querySelectorAll(selector);
  for(var i=0;i<items.length;i++){
    var item=items[i],anchor=item.querySelector('a.'+anchorClass);
    if(anchor){var again=hrefOf(anchor.textContent||'');if(again&&anchor.getAttribute('href')!==again)anchor.setAttribute('href',again);continue;}
    if(item.querySelector('a'))continue;
    var walker=document.createTreeWalker(item,NodeFilter.SHOW_TEXT),node;
    while((node=walker.nextNode())){
      var href=hrefOf(node.data);
      if(!href)continue;
      anchor=document.createElement('a');
      anchor.className=anchorClass;
      anchor.setAttribute('href',href);
      node.parentNode.insertBefore(anchor,node);
      anchor.appendChild(node);
      break;
    }
  }
}
new MutationObserver(upgrade).observe(document.documentElement,{childList:true,subtree:true,characterData:true});
})();</script>`;
}
