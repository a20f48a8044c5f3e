import { PAYLOAD_GLOBAL } from '../../../shared/payload';

// A page's JavaScript starts once the shopper sees the page: after its largest picture (the
// image the document fetches first, `fetchpriority="high"`) has loaded and the browser has
// reported the first contentful paint (the paint timing entry; two animation frames where the
// browser has none). Fetched from the head, the page's modules (about 110 KB) share a slow
// connection with the stylesheet and that picture, so every one of them delays the first paint
// and the largest one; the page needs none of them to be read and used (links and forms work
// without JavaScript), so they wait their turn. In a tab nobody looks at they start at once,
// and nothing holds them back longer than LOADER_WAIT_MS.
//
// Inline, after the payload, in the same nonce'd script: it adds the route's modulepreloads
// and the entry module (both carry the script's nonce), from the payload's asset list. It is
// written without `<`, as inline scripts should be.

/** The longest the scripts wait for the picture and the paint. */
const LOADER_WAIT_MS = 3000;

export const SCRIPT_LOADER =
  `(function(d){var a=self.${PAYLOAD_GLOBAL}.config.assets,n=d.currentScript.nonce,started=0;` +
  `function add(tag,props){var e=d.createElement(tag);for(var k in props)e[k]=props[k];e.nonce=n;d.head.appendChild(e)}` +
  `function start(){if(started++)return;a.modulepreload.forEach(function(h){add('link',{rel:'modulepreload',href:h})});add('script',{type:'module',src:a.entry})}` +
  `function afterPaint(){var P=self.PerformanceObserver;` +
  `if(!P||(P.supportedEntryTypes||[]).indexOf('paint')==-1)return requestAnimationFrame(function(){requestAnimationFrame(start)});` +
  `new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(start,0)}}).observe({type:'paint',buffered:true})}` +
  `if(d.visibilityState==='hidden')return start();` +
  `setTimeout(start,${LOADER_WAIT_MS});` +
  `var img=d.querySelector('img[fetchpriority="high"]');` +
  `if(!img||img.complete)return afterPaint();` +
  `img.addEventListener('load',afterPaint);img.addEventListener('error',afterPaint)` +
  `})(document)`;
