// The games feature's face (docs/architecture.md, "Web layers"): cards, grids, the game area, opening
// a game. Its stylesheets are imported where their classes are used.
export { GameArea } from './GameArea';
export { GameCard } from './GameCard';
export { GameCardSkeletons } from './GameGrid';
export { OpenGameChoice } from './OpenGameChoice';
export { namedCategories, offeredCategories } from './categories';
export { useFavourites } from './favourites';
export { isHttpUrl } from './gameUrl';
export { resetImageFormatCache, useImageFormat } from './imageFormat';
export { bannerGame, launchPathFor } from './launchPath';
export { gameCategoriesQuery, vendorsQuery } from './queries';
export { mayStartGame, mayStartGameHere, type StartPlace } from './startInApp';
export { useOpenGame, type OpenableGame } from './useOpenGame';
