// The app's scripts for a page whose first paint the server sent (docs/first-paint.md): asked for only once that page
// has been painted, so that on a phone's connection their download does not hold up the styles the paint waits for.
// All at once: the entry imports the others, so the browser runs it once they are in, whichever arrives first.
const app = document.currentScript.dataset.app.split(' ');
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const src of app) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.append(script);
    }
  }),
);
