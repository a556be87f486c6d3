// Debian's Chromium, launched without any network of its own.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
