import { loadProfileLander } from './profile-landing.ts';

/** The same member data as the first profile lander (another look). */
export default loadProfileLander;
