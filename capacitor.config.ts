import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The restaurant's native apps (docs/native-apps.md): Capacitor's Android and iOS shells around the built site
 * (`npm run build` writes it to dist/site, vite.config.ts). The android/ and ios/ projects are made from this file with
 * `npx cap add android` / `npx cap add ios` and refreshed with `npx cap sync` on a machine with Android Studio or Xcode;
 * they are not kept in this repository.
 */
const config: CapacitorConfig = {
  appId: 'uk.co.goldendragon.takeaway',
  appName: 'Golden Dragon',
  webDir: 'dist/site',
  // Capacitor 8's defaults, written out because the API admits exactly these origins (src/server/plugins/appOrigins.ts):
  // capacitor://localhost on iOS, https://localhost on Android.
  server: { hostname: 'localhost', iosScheme: 'capacitor', androidScheme: 'https' },
  plugins: {
    // An order update that arrives while the app is open still shows as a notification on iOS (Android always shows it).
    PushNotifications: { presentationOptions: ['alert', 'sound', 'badge'] },
  },
};

export default config;
