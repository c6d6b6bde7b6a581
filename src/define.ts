// Registers every element under its default tag name: `import 'storefront-elements/define'`.
import { defineElements } from './define-elements.js';

defineElements();
