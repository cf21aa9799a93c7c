import { expect, test, type Page } from '@playwright/test';
import { stateOf } from '../machines/auth.paths';
import { accountIcon, freshEmail, heading } from './accountSupport';
import { authBrowserPaths, isAnswer, PROFILE, type AuthStep, type AuthWorldSnapshot } from './paths/auth';
import { waitForShell } from './shellSupport';

// Routes match case-insensitively: the login screen links to /forgotpassword, SPEC's /forgotPassword.
const samePath = (pathname: string, path: string) => pathname.toLowerCase() === path.toLowerCase();
const onPage = (page: Page, path: string) => expect(page).toHaveURL((url) => samePath(url.pathname, path));
const told = (page: Page, text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();

const onPath = (page: Page, path: string) => page.url() !== 'about:blank' && samePath(new URL(page.url()).pathname, path);

/** Opens an account screen by its links, as a customer does (a first visit loads the page); stays if already there. */
async function openScreen(page: Page, path: '/register' | '/login' | '/forgotPassword' | '/account'): Promise<void> {
  if (onPath(page, path)) return;
  if (page.url() === 'about:blank') {
    await page.goto(path);
    await waitForShell(page);
    return;
  }
  if (path === '/account') {
    await accountIcon(page, 'Your account').click();
  } else {
    if (!onPath(page, '/login')) await accountIcon(page, 'Login or register').click();
    await onPage(page, '/login');
    if (path === '/register') await page.getByRole('link', { name: 'Register for an account' }).click();
    if (path === '/forgotPassword') await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  }
  await onPage(page, path);
}

/** Each customer step through the real screens, as the path's own customer (`email`). */
async function act(page: Page, email: string, step: AuthStep): Promise<void> {
  switch (step.type) {
    case 'SIGN_UP':
      await openScreen(page, '/register');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(step.password);
      await page.getByRole('button', { name: 'Register' }).click();
      break;
    case 'CONFIRM_SIGN_UP':
      await page.getByRole('textbox', { name: 'Code' }).fill(step.code);
      await page.getByRole('button', { name: 'Confirm account' }).click();
      break;
    case 'CREATE_ACCOUNT':
      await page.getByRole('textbox', { name: 'Name (optional)' }).fill(step.name ?? '');
      await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill(step.phone ?? '');
      await page.getByRole('button', { name: 'Create account' }).click();
      break;
    case 'SIGN_IN':
      await openScreen(page, '/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(step.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      break;
    case 'REQUEST_PASSWORD_RESET':
      await openScreen(page, '/forgotPassword');
      await page.getByRole('form', { name: 'Your email' }).getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Send code' }).click();
      break;
    case 'RESET_PASSWORD': {
      const form = page.getByRole('form', { name: 'Choose a new password' });
      await form.getByRole('textbox', { name: 'Code' }).fill(step.code);
      await form.getByRole('textbox', { name: 'New password', exact: true }).fill(step.newPassword);
      await form.getByRole('button', { name: 'Change password' }).click();
      break;
    }
    case 'USE_ANOTHER_EMAIL':
      await page.getByRole('button', { name: 'Use a different email' }).click();
      break;
    case 'SIGN_OUT':
      await openScreen(page, '/account');
      await page.getByRole('button', { name: 'Sign out' }).click();
      break;
    case 'DELETE_ACCOUNT':
      await openScreen(page, '/account');
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete my account' }).click();
      break;
    default:
      throw new Error(`No screen action for ${step.type}`);
  }
}

/** What the screens show at each resting state `by` the customer's step reached, where SPEC §2's "navigation after events" sends them. */
async function expectScreen(page: Page, email: string, by: AuthStep, state: AuthWorldSnapshot): Promise<void> {
  const { notice, failure } = state.context;
  switch (stateOf(state)) {
    case 'signedOut':
      await expect(accountIcon(page, 'Login or register')).toBeVisible();
      if (notice === 'passwordChanged') {
        await onPage(page, '/login');
        await told(page, 'Your password has been changed. Sign in with your new password.');
      } else if (notice === 'accountDeleted') {
        await onPage(page, '/');
        await told(page, 'Your account has been deleted.');
      } else if (by.type === 'USE_ANOTHER_EMAIL') {
        // The email step again, with the address the code went to, to be corrected.
        await onPage(page, '/forgotPassword');
        await told(page, 'Correct the email address, and we will email a code there.');
        await expect(page.getByRole('form', { name: 'Your email' }).getByRole('textbox', { name: 'Email' })).toHaveValue(email);
        await expect(page.getByRole('form', { name: 'Choose a new password' })).toHaveCount(0);
      } else if (failure?.step === 'signIn') {
        await onPage(page, '/login');
        await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
        await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
      } else await onPage(page, '/');
      break;
    case 'awaitingConfirmation':
      await onPage(page, '/confirmAccount');
      await expect(heading(page, 'Confirm your account')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
      break;
    case 'awaitingNewPassword':
      await onPage(page, '/forgotPassword');
      await told(page, 'We have emailed you a code to reset your password.');
      await expect(page.getByRole('form', { name: 'Choose a new password' })).toBeVisible();
      break;
    case 'signedIn.noAccount':
      await onPage(page, '/createAccount');
      await expect(heading(page, 'Create your account')).toBeVisible();
      break;
    case 'signedIn.ready': {
      await expect(accountIcon(page, 'Your account')).toBeVisible();
      // A sign-in on /login, sent to no page of the account, goes home (src/screens/account/LoginScreen.tsx).
      if (by.type === 'SIGN_IN') {
        await onPage(page, '/');
        await accountIcon(page, 'Your account').click();
      }
      await onPage(page, '/account');
      await expect(heading(page, 'Your account details')).toBeVisible();
      const details = page.getByRole('region', { name: 'Your details' });
      await expect(details).toContainText(email);
      await expect(details).toContainText(PROFILE.name);
      break;
    }
    default:
      throw new Error(`No screen is written out for ${stateOf(state)}`);
  }
  if (failure === undefined) await expect(page.getByRole('alert')).toHaveCount(0);
}

test.describe(authBrowserPaths.suite, () => {
  // Each path registers its own customer through the screens first.
  test.describe.configure({ timeout: 60_000 });

  for (const { name, path } of authBrowserPaths.paths) {
    test(name, async ({ page }) => {
      // The e2e server's identity pool lasts the whole run: the path's customer is its own.
      const email = freshEmail('auth-path');
      const steps = path.steps.slice(1);
      for (const [index, step] of steps.entries()) {
        const event = step.event as AuthStep;
        if (isAnswer(event)) continue;
        await act(page, email, event);
        // The services answer at once: the screen shows the state the answers lead to, until the next step.
        const nextStep = steps.findIndex((later, laterIndex) => laterIndex > index && !isAnswer(later.event as AuthStep));
        const reached = nextStep === -1 ? path.state : steps[nextStep - 1]!.state;
        await test.step(`${event.type} → ${stateOf(reached)}`, () => expectScreen(page, email, event, reached));
      }
    });
  }
});
