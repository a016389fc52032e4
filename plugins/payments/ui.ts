// The payments plugin's browser pieces other plugins may use (bonuses: its countdowns).
export { formatCountdown, secondsLeft, useCountdown } from './web/countdown.ts';
export { CountdownTime } from './web/CountdownTime.tsx';
