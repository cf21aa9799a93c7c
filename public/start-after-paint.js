// The app's script for a page whose first paint the server sent (docs/first-paint.md): asked for only once that page
// has been painted, so that on a phone's connection its download does not hold up the styles the paint waits for.
const app = document.currentScript.dataset.app;
requestAnimationFrame(() =>
  setTimeout(() => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app;
    document.head.append(script);
  }),
);
