/**
 * Starts the app's code on a page that arrives painted (the landing pages: the app's own HTML,
 * web/prerender-app.tsx) only once its first screen is on the display.
 *
 * A module script or module preload in the HTML is fetched at high priority from the start: on a
 * phone its ~95 kB compete with the stylesheet and the first pictures for the slow link, and a
 * browser that has it before the first paint spends the paint's time compiling it. So the worker
 * leaves the app's scripts out of such a page and puts this script, with their addresses in its
 * `data-modules` attribute (the entry first, then the page's chunks), at the end of `<body>`
 * (worker/services/landing/page.ts). It adds them to the page after, in this order:
 *
 * 1. the first contentful paint (the browser's own `paint` entry; one animation frame where there
 *    is none);
 * 2. the pictures in the first screen (those the page draws in the viewport, not lazy ones) have
 *    loaded and are decoded, or failed;
 * 3. two animation frames more, so the frame that shows them has been produced.
 *
 * It is an ordering, not a timer: on a fast connection the app starts a few milliseconds after
 * the paint, on a slow one as late as the paint needs. A page that is hidden (a tab opened in the
 * background) paints nothing, so its code starts at once; so does a page the shopper touches or
 * types on first (the early-tap script keeps that tap for the app, common/early-taps.ts).
 *
 * Plain ES5 in a string, as the early-tap script: the worker sends it inline and the security
 * policy allows exactly this text by its hash.
 */

/** The attribute of the loader's `<script>` that lists the modules: the entry, then the page's chunks. */
export const APP_LOADER_MODULES_ATTRIBUTE = "data-modules";

export const APP_LOADER_SCRIPT =
  "(function(){" +
  `var modules=(document.currentScript.getAttribute("${APP_LOADER_MODULES_ATTRIBUTE}")||"").split(" "),started=false;` +
  "function start(){" +
  "if(started)return;started=true;" +
  "for(var i=modules.length-1;i>=0;i--){if(!modules[i])continue;" +
  'var tag=document.createElement(i?"link":"script");tag.crossOrigin="";' +
  'if(i){tag.rel="modulepreload";tag.href=modules[i];}else{tag.type="module";tag.src=modules[i];}' +
  "document.head.appendChild(tag);}" +
  "}" +
  "function frames(count,then){if(count<1)return then();requestAnimationFrame(function(){frames(count-1,then);});}" +
  "function pictures(){" +
  'var images=document.querySelectorAll("#root img"),waiting=[];' +
  "for(var i=0;i<images.length;i++){" +
  'var image=images[i],box=image.getBoundingClientRect();if(image.loading==="lazy")continue;' +
  "if(box.bottom<=0||box.top>=innerHeight||box.right<=0||box.left>=innerWidth||!box.width)continue;" +
  "waiting.push(image.decode?image.decode().catch(function(){}):Promise.resolve());" +
  "}" +
  "Promise.all(waiting).then(function(){frames(2,start);});" +
  "}" +
  "function painted(then){" +
  "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];" +
  'if(types.indexOf("paint")<0)return frames(1,then);' +
  "var observer=new PerformanceObserver(function(list){" +
  'if(!list.getEntriesByName("first-contentful-paint").length)return;observer.disconnect();then();' +
  "});" +
  'observer.observe({type:"paint",buffered:true});' +
  "}" +
  'if(document.visibilityState==="hidden")return start();' +
  'document.addEventListener("visibilitychange",function(){if(document.visibilityState==="hidden")start();});' +
  '["pointerdown","keydown"].forEach(function(type){addEventListener(type,start,{capture:true,once:true,passive:true});});' +
  "painted(pictures);" +
  "})();";
