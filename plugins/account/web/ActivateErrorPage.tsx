export { ActivateErrorPage as default } from './ActivatePages.tsx';
