export { countryName } from '../../../kernel/web/intl.ts';
