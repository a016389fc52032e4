import type { InterestKey } from './contract.ts';

/** Each interest's icon: an emoji (no image requests, works in every locale). */
export const INTERESTS: Readonly<Record<InterestKey, string>> = {
  adventure: '🧭', anal_sex: '🍑', animals: '🐾', art: '🎨', astrology: '🔮', barbecue: '🍖',
  beach: '🏖️', beer: '🍺', biking: '🚴', bondage: '⛓️', coffee: '☕', cooking: '🍳', dancing: '💃',
  exchanging_pictures: '📸', fashion: '👗', foodie: '🍽️', gardening: '🌱', gym: '🏋️', hiking: '🥾',
  hugging: '🤗', kissing: '💋', lingerie: '👙', massages: '💆', masturbating: '🔥', movies: '🎬',
  music: '🎵', one_night_stand: '🌙', oral_sex: '👅', outdoors: '🌲', party: '🎉', photography: '📷',
  politics: '🏛️', public_sex: '🌆', reading: '📚', relationship: '💞', sadomasochism: '🖤',
  safe_sex: '🛡️', sex: '❤️‍🔥', sex_toys: '🎀', shopping: '🛍️', sports: '⚽', sushi: '🍣',
  tattoos: '🖋️', tea: '🍵', theater: '🎭', threesome: '👥', travelling: '✈️', vegetarian: '🥗',
  video_games: '🎮', wine: '🍷',
};
