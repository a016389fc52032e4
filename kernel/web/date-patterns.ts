// Written by scripts/date-patterns.ts from Intl (ICU 78.2); kernel/web/clock.test.ts checks it.
import type { DatePatterns } from './clock.ts';

export const DATE_PATTERNS: Record<string, DatePatterns> = {
  en: {"time":"{h}:{mm} {a}","hourCycle":"h12","dayPeriods":["AM","PM"],"day":"{MMM} {d}","months":["Jan","Feb","Mar","Apr","May","Jun","Jul","Aug","Sep","Oct","Nov","Dec"]},
  nl: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d} {MMM}","months":["jan","feb","mrt","apr","mei","jun","jul","aug","sep","okt","nov","dec"]},
  de: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d}. {MMM}","months":["Jan.","Feb.","März","Apr.","Mai","Juni","Juli","Aug.","Sept.","Okt.","Nov.","Dez."]},
  it: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d} {MMM}","months":["gen","feb","mar","apr","mag","giu","lug","ago","set","ott","nov","dic"]},
  fr: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d} {MMM}","months":["janv.","févr.","mars","avr.","mai","juin","juil.","août","sept.","oct.","nov.","déc."]},
  es: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d} {MMM}","months":["ene","feb","mar","abr","may","jun","jul","ago","sept","oct","nov","dic"]},
  pl: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d} {MMM}","months":["sty","lut","mar","kwi","maj","cze","lip","sie","wrz","paź","lis","gru"]},
  da: {"time":"{h}.{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d}. {MMM}","months":["jan.","feb.","mar.","apr.","maj","jun.","jul.","aug.","sep.","okt.","nov.","dec."]},
  fi: {"time":"{h}.{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d}.{MMM}.","months":["1","2","3","4","5","6","7","8","9","10","11","12"]},
  nb: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d}. {MMM}","months":["jan.","feb.","mars","apr.","mai","juni","juli","aug.","sep.","okt.","nov.","des."]},
  sv: {"time":"{h}:{mm}","hourCycle":"h23","dayPeriods":["",""],"day":"{d} {MMM}","months":["jan.","feb.","mars","apr.","maj","juni","juli","aug.","sep.","okt.","nov.","dec."]},
};
