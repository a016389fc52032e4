export { ActivateDonePage as default } from './ActivatePages.tsx';
