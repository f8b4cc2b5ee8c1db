/**
 * Loads the app's code on a landing page once its first screen is painted.
 *
 * The home page, the menu and a drink's page arrive as the app's own HTML (web/prerender-app.tsx)
 * and paint from it and the stylesheet alone. Had their head asked for the app's scripts, a phone
 * would fetch those ~100 kB alongside the first screen's HTML, styles and pictures, and a
 * high-priority script that arrived before the paint would hold the paint back. So the worker
 * (worker/services/landing/page.ts) leaves the entry script and the page's module preloads out of
 * the head and puts this script last in <body> instead, with the entry's address in `data-entry`
 * and the page's chunks in `data-modules` (space-separated). In this order, on every visit:
 *
 * 1. the HTML is parsed and the stylesheet is in (an inline script waits for the stylesheets
 *    above it before it runs);
 * 2. the first-screen pictures (the images the head preloads, where the page shows them without
 *    `loading="lazy"`) have loaded, or failed (not `decode()`: for an SVG that is a separate
 *    drawing on the main thread, a long task of its own on a phone);
 * 3. the browser has reported the first contentful paint (PerformanceObserver; where it cannot
 *    report paints, the next frame has been drawn: a task queued from requestAnimationFrame runs
 *    after that frame's paint), and a frame has been drawn after the pictures loaded;
 * 4. then the page's chunks are preloaded and the entry script is added: the app hydrates the page
 *    as before and plays the taps the early-tap script kept (common/early-taps.ts).
 *
 * A shopper's first press or key after the paint starts step 4 at once, without waiting for the
 * pictures; so does a picture still neither loaded nor failed 3 s after the paint (a stalled
 * download must not keep the shop's buttons from ever working). Neither can come before the
 * paint: the order always holds.
 *
 * Plain ES5 in a string, like the early-tap script: the worker sends it inline and the security
 * policy allows exactly this text by its hash.
 */

/** How long after the first paint a first-screen picture that has neither loaded nor failed may hold the app back. */
export const APP_LOADER_PICTURE_WAIT_MS = 3000;

/** The loader's attributes: the entry script's address, and the page's chunks to preload with it. */
export const APP_LOADER_ENTRY_ATTRIBUTE = "data-entry";
export const APP_LOADER_MODULES_ATTRIBUTE = "data-modules";

/** The `performance.mark` the loader sets as it adds the app's scripts (the browser tests read it). */
export const APP_LOADER_MARK = "squeeze:app-requested";

export const APP_LOADER_SCRIPT =
  "(function(){" +
  "var me=document.currentScript,started=false,painted=false;" +
  `var entry=me.getAttribute("${APP_LOADER_ENTRY_ATTRIBUTE}");` +
  `var modules=(me.getAttribute("${APP_LOADER_MODULES_ATTRIBUTE}")||"").split(" ");` +
  "function start(){" +
  "if(started||!painted)return;started=true;" +
  'try{performance.mark("' +
  APP_LOADER_MARK +
  '")}catch(e){}' +
  "for(var i=0;i<modules.length;i++){if(!modules[i])continue;" +
  'var link=document.createElement("link");link.rel="modulepreload";link.href=modules[i];link.crossOrigin="";document.head.appendChild(link);}' +
  'var script=document.createElement("script");script.type="module";script.src=entry;script.crossOrigin="";document.head.appendChild(script);' +
  "}" +
  "function afterPaint(then){requestAnimationFrame(function(){setTimeout(then,0);});}" +
  'var wanted={},links=document.querySelectorAll(\'link[rel="preload"][as="image"]\');' +
  "for(var l=0;l<links.length;l++)wanted[links[l].href]=true;" +
  'var pictures=[],images=document.querySelectorAll("#root img");' +
  'for(var m=0;m<images.length;m++){var img=images[m];if(wanted[img.src]&&img.loading!=="lazy")pictures.push(img);}' +
  "var pending=pictures.length;" +
  "function settled(){pending-=1;if(pending===0)afterPaint(start);}" +
  "for(var p=0;p<pictures.length;p++){" +
  "var picture=pictures[p];" +
  "if(picture.complete)settled();" +
  'else{picture.addEventListener("load",settled);picture.addEventListener("error",settled);}' +
  "}" +
  // The first contentful paint as the browser reports it once on screen; where it cannot say,
  // the frame after this script (the page is parsed and styled by now).
  "function firstPaint(then){" +
  "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];" +
  'if(types.indexOf("paint")<0)return afterPaint(then);' +
  "var observer=new PerformanceObserver(function(list){" +
  'var entries=list.getEntries();for(var f=0;f<entries.length;f++)if(entries[f].name==="first-contentful-paint"){observer.disconnect();then();return;}' +
  "});" +
  'observer.observe({type:"paint",buffered:true});' +
  "}" +
  "firstPaint(function(){painted=true;" +
  "if(pending===0)return start();" +
  "var now=function(){start();};" +
  'var events=["pointerdown","keydown","touchstart"];' +
  "for(var e=0;e<events.length;e++)addEventListener(events[e],now,{capture:true,passive:true,once:true});" +
  `setTimeout(now,${APP_LOADER_PICTURE_WAIT_MS});` +
  "});" +
  "})();";
