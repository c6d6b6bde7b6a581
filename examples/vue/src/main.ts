import 'storefront-elements/define';
import 'storefront-elements/host.css';
import { createApp } from 'vue';
import App from './App.vue';
import './store.css';

createApp(App).mount('#app');
