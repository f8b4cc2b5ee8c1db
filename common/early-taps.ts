import { HYDRATE_ATTRIBUTE } from "./landing";

/**
 * Taps and typing on a landing page before the app has taken it over.
 *
 * The menu, a drink's page and the home page arrive as the app's own HTML (web/prerender-app.tsx),
 * painted long before the app's code has run on a phone. Its links work as links from the start;
 * its buttons (a size, the quantity, Add to Cart, the burger) would not answer yet, and text typed
 * into its fields would be on the screen but not in the app's state (hydration adopts a field as
 * it finds it). So the worker puts this script first in the page's <head>
 * (worker/services/landing/page.ts), where it runs before the page is drawn:
 *
 * - until the app takes over, it holds back every tap on a control inside #root and keeps it;
 * - it defines `window[EARLY_TAPS_GLOBAL]`, which the app calls once it has hydrated the page
 *   (web/app/landing-take-over.ts; the route error boundary calls it too, when it shows an error
 *   page instead). The call removes the root's HYDRATE_ATTRIBUTE, tells React the text typed
 *   into each field meanwhile, and taps each kept control again, in order, one task apart as real
 *   taps are (a second tap on "+" must see the quantity the first one set). A control React had
 *   to draw anew (a part of the page it could not adopt as it was) is found again: the control at
 *   the same place among the page's controls, with the same name, looked for again for up to 3 s
 *   while that part is still being drawn; a tap whose control is nowhere to be found by then is
 *   dropped. Taps keep being held, and queued behind the kept ones, until the last kept tap has
 *   been played: a size tapped early and Add to Cart tapped just as the app takes over add the
 *   size chosen, in the order the shopper tapped.
 *
 * Typed text reaches React as the input it was: the field is set back to the value the app
 * rendered (its default), then to the typed text through the element's own setter (React watches
 * the field's `value` property, and would otherwise see no change), and an `input` event reaches
 * its onChange. Check boxes and radios are left as rendered: their taps are kept instead.
 *
 * The script is plain ES5 in a string, not compiled code: the worker sends it inline, the security
 * policy allows exactly this text by its hash, and none of it is in the app's own download.
 */

/** The window property the app calls once it has hydrated the page: `() => void`. */
export const EARLY_TAPS_GLOBAL = "squeezeEarlyTaps";

/**
 * What counts as a control whose tap is kept. Links are not among them: they navigate by
 * themselves. Nor are labels: a label's tap focuses a text field at once, and passes its click on
 * to a check box or radio button, which is kept.
 */
const EARLY_TAP_CONTROLS = 'button, summary, [role="button"], input[type="checkbox"], input[type="radio"]';

export const EARLY_TAPS_SCRIPT =
  "(function(){" +
  // held: taps are kept; playing: a kept tap is being played, and passes; taken: the app took over.
  "var taps=[],held=true,playing=false,taken=false;" +
  // The page's controls in document order, and how a control reads (tag, label, text).
  `function controls(root){return Array.prototype.slice.call(root.querySelectorAll('${EARLY_TAP_CONTROLS}'));}` +
  'function nameOf(control){return control.tagName+"|"+(control.getAttribute("aria-label")||"")+"|"+control.textContent;}' +
  // The tapped control, or the one drawn in its place: same place and name, else the first of that name.
  "function find(tap){if(tap.control.isConnected)return tap.control;" +
  'var root=document.getElementById("root");if(!root)return null;var all=controls(root);' +
  "if(all[tap.place]&&nameOf(all[tap.place])===tap.name)return all[tap.place];" +
  "for(var i=0;i<all.length;i++)if(nameOf(all[i])===tap.name)return all[i];return null;}" +
  'document.addEventListener("click",function(event){' +
  'var root=document.getElementById("root"),target=event.target;' +
  "if(!held||playing||!root||!target||!target.closest)return;" +
  `var control=target.closest('${EARLY_TAP_CONTROLS}');` +
  "if(!control||!root.contains(control))return;" +
  "event.preventDefault();event.stopImmediatePropagation();" +
  "taps.push({control:control,place:controls(root).indexOf(control),name:nameOf(control)});" +
  "},true);" +
  `window.${EARLY_TAPS_GLOBAL}=function(){` +
  "if(taken)return;taken=true;" +
  'var root=document.getElementById("root");if(!root)return;' +
  `root.removeAttribute("${HYDRATE_ATTRIBUTE}");` +
  'var fields=root.querySelectorAll("input, textarea");' +
  "for(var i=0;i<fields.length;i++){" +
  "var field=fields[i];if(field.value===field.defaultValue)continue;" +
  "var typed=field.value;field.value=field.defaultValue;" +
  'Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field),"value").set.call(field,typed);' +
  'field.dispatchEvent(new Event("input",{bubbles:true}));' +
  "}" +
  // A part still being drawn (its data on the way) may show its button a moment later: look again
  // every 100 ms for up to 3 s before dropping the tap; the taps after it wait their turn.
  "(function next(){var tap=taps.shift(),tries=0;if(!tap){held=false;return;}setTimeout(function play(){" +
  "var control=find(tap);if(!control&&++tries<30)return setTimeout(play,100);" +
  "if(control){playing=true;try{control.click();}finally{playing=false;}}next();" +
  "},0);})();" +
  "};" +
  "})();";
