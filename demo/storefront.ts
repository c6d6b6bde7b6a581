import '../src/define.js';
import '../src/elements/account-menu/define.js';
import { startEventLog } from './event-log.js';
import { startSignInOption, startThemeSwitch } from './choices.js';
import { startLanguageSwitch } from './language-switch.js';

startEventLog(document.querySelector('#log')!, document.querySelector('#clear-log')!, [
  'sign-in-redirect',
  'signed-in',
  'signed-out',
  'session-expiring',
  'account-selected',
  'catalog-selected',
  'storefront-error',
]);
startThemeSwitch(document.querySelector('#theme')!, 'theme');
startThemeSwitch(document.querySelector('#scheme')!, 'scheme');
startLanguageSwitch(
  document.querySelector('#language')!,
  document.querySelectorAll('account-menu, account-picker, catalog-list'),
);
const signIn = document.querySelector('account-menu')!;
startSignInOption(document.querySelector('#sign-in-mode')!, signIn, 'mode');
startSignInOption(document.querySelector('#sign-out-scope')!, signIn, 'sign-out');
