import { boot } from './app/boot';
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void boot(root);
