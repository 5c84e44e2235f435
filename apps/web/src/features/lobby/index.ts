// The lobby's face (docs/architecture.md, "Web layers"): banners and their links. The popup
// announcement (AnnouncementPopup.tsx) is a lazy entry of its own.
export { LobbyPicture } from './LobbyPicture';
export { EXTERNAL_LINK_REL, EXTERNAL_LINK_TARGET, bannerTarget } from './bannerLink';
