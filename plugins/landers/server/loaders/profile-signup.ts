import { loadProfileLander } from './profile-landing.ts';

/** The member beside the signup form: the same data as the profile landers. */
export default loadProfileLander;
