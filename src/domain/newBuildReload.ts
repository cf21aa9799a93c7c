/**
 * An inline script at the top of every page the server sends (src/server/plugins/site.ts), before its first module
 * script. The build's chunks are named by their contents' hashes, and a deploy replaces them: a page opened before it,
 * a staff tablet's dashboard kept open all day or a customer's menu, then asks for chunks that are no longer there (a
 * route's code, the journey's statechart, a stylesheet), and during a rolling upgrade a page from one server may ask the
 * other for its own. Such a page would fail where the customer taps next. It is reloaded instead, which brings the
 * served build's page and chunks; the basket and the order in progress are kept in storage across it.
 *
 * What fails is either a chunk the app imports as it goes, which Vite's import helper reports as `vite:preloadError`, or
 * one of the page's own scripts, preloads or stylesheets, whose element reports `error` (another site's file, which an
 * ad blocker may refuse, is not the build's and reloads nothing). A tab reloads at most once a minute for it, so a chunk
 * missing for any other reason is not asked for forever; the error then stays as it was.
 */
export const NEW_BUILD_RELOAD_SCRIPT = `(()=>{const k='app:reloadedForNewBuild';const r=()=>{try{const n=Date.now();if(n-Number(sessionStorage.getItem(k)||0)<6e4)return;sessionStorage.setItem(k,String(n))}catch{return}location.reload()};addEventListener('vite:preloadError',r);addEventListener('error',e=>{const t=e.target;if((t instanceof HTMLScriptElement&&t.type==='module'||t instanceof HTMLLinkElement&&(t.rel==='modulepreload'||t.rel==='stylesheet'))&&new URL(t.src||t.href,location.href).origin===location.origin)r()},true)})()`;
