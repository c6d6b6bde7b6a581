import '../src/define.js';
import { startEventLog } from './event-log.js';
import { startLanguageSwitch } from './language-switch.js';
import { startThemeSwitch } from './theme-switch.js';

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
startLanguageSwitch(
  document.querySelector('#language')!,
  document.querySelectorAll('account-sign-in, account-picker, catalog-list'),
);
