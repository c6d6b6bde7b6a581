import '../src/define.js';
import { startEventLog } from './event-log.js';
import { startSignInOption, startThemeSwitch } from './choices.js';

startEventLog(document.querySelector('#log')!, document.querySelector('#clear-log')!, [
  'sign-in-redirect',
  'signed-in',
  'signed-out',
  'account-selected',
  'catalog-selected',
  'storefront-error',
]);
startThemeSwitch(document.querySelector('#theme')!, 'theme');
startThemeSwitch(document.querySelector('#scheme')!, 'scheme');
const signIn = document.querySelector('account-sign-in')!;
startSignInOption(document.querySelector('#sign-in-mode')!, signIn, 'mode');
startSignInOption(document.querySelector('#sign-out-scope')!, signIn, 'sign-out');
