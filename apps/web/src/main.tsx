// Mantine's global styles; each component's own stylesheet comes with its chunk (vite.config.ts,
// mantineComponentStyles).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './styles/app.css';
import { boot } from './app/boot';

void boot(document.getElementById('root')!);
