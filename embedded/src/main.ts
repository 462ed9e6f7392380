import { runShop } from './run';

await runShop();
