import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/app.css';
import { boot } from './app/boot';

void boot(document.getElementById('root')!);
