/** Sent on `window` once React has hydrated the server's page (src/main.tsx). */
export const HYDRATED_EVENT = 'app:hydrated';

/**
 * An inline script the server writes into the head of a page it rendered (src/server/plugins/site.ts), which runs before
 * the first paint. React listens for events only from `hydrateRoot` on, after the app's modules have downloaded and run,
 * so a tap on a button of the served page before then would do nothing. Until the page is hydrated, such a click is held
 * and then made again, in a task after the one that hydrated (React drops a click that comes while it commits), on the
 * very element tapped: hydration keeps the server's elements, so it is the same button,
 * now the app's (an icon's SVG element as well, which has no `click()`). A link is left alone (it works as a link before hydration), and so is a click with a modifier key or
 * another button (a new tab).
 */
export const EARLY_TAPS_SCRIPT = `(()=>{const h=[];const c=e=>{if(e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;const t=e.target instanceof Element?e.target:null;if(!t||t.closest('a[href]')||!t.closest('button,[role="button"],input,select,label,summary'))return;e.preventDefault();e.stopImmediatePropagation();h.push(t)};document.addEventListener('click',c,true);addEventListener('${HYDRATED_EVENT}',()=>{document.removeEventListener('click',c,true);setTimeout(()=>{for(const t of h)if(t.isConnected)t.dispatchEvent(new MouseEvent('click',{bubbles:true,cancelable:true,composed:true,view:window}))})},{once:true})})()`;
