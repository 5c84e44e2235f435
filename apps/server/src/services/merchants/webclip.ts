import { createHash } from 'node:crypto';
import { webClipProfileUrl, type DownloadResource } from '@wps/contract/system';

/**
 * The per-merchant iOS web-clip profile (spec section 3, the MOBILECONFIG download resource): an
 * Apple configuration profile with one web clip, the merchant's name, icon and URL. Unsigned: iOS
 * shows it as "Not Signed" and installs it after the member confirms in Settings.
 */

export const MOBILECONFIG_CONTENT_TYPE = 'application/x-apple-aspen-config';

export interface WebClipInput {
  merchantCode: string;
  merchantName: string;
  /** Where the clip opens: the merchant's home page, marked as a home-screen launch. */
  url: string;
  /** The 180 px PNG icon. */
  icon: Buffer;
}

function xml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** A stable UUID per merchant and payload, so reinstalling replaces the profile rather than adding one. */
export function stableUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

/** The identifier's merchant part: letters, digits and hyphens only (reverse-DNS style). */
function identifierPart(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9-]/g, '-');
}

export function buildWebClipProfile(input: WebClipInput): string {
  const id = identifierPart(input.merchantCode);
  const name = xml(input.merchantName);
  const icon = input.icon.toString('base64').replace(/.{1,76}/g, '$&\n\t\t\t');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>PayloadContent</key>
	<array>
		<dict>
			<key>FullScreen</key>
			<true/>
			<key>Icon</key>
			<data>
			${icon.trimEnd()}
			</data>
			<key>IsRemovable</key>
			<true/>
			<key>Label</key>
			<string>${name}</string>
			<key>PayloadDescription</key>
			<string>${name}</string>
			<key>PayloadDisplayName</key>
			<string>${name}</string>
			<key>PayloadIdentifier</key>
			<string>app.wps.webclip.${id}.clip</string>
			<key>PayloadType</key>
			<string>com.apple.webClip.managed</string>
			<key>PayloadUUID</key>
			<string>${stableUuid(`webclip:${id}:clip`)}</string>
			<key>PayloadVersion</key>
			<integer>1</integer>
			<key>Precomposed</key>
			<true/>
			<key>URL</key>
			<string>${xml(input.url)}</string>
		</dict>
	</array>
	<key>PayloadDisplayName</key>
	<string>${name}</string>
	<key>PayloadIdentifier</key>
	<string>app.wps.webclip.${id}</string>
	<key>PayloadOrganization</key>
	<string>${name}</string>
	<key>PayloadRemovalDisallowed</key>
	<false/>
	<key>PayloadType</key>
	<string>Configuration</string>
	<key>PayloadUUID</key>
	<string>${stableUuid(`webclip:${id}`)}</string>
	<key>PayloadVersion</key>
	<integer>1</integer>
</dict>
</plist>
`;
}

/** The merchant's download resources with the generated profile as MOBILECONFIG unless it names its own. */
export function withWebClipProfile(resources: DownloadResource[], merchantCode: string): DownloadResource[] {
  if (resources.some((resource) => resource.resourceType === 'MOBILECONFIG')) return resources;
  return [...resources, { resourceType: 'MOBILECONFIG', url: webClipProfileUrl(merchantCode) }];
}
