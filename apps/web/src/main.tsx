import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App } from './app/app';
import { mountApp } from './lib/mount-app';

mountApp(<App />);
