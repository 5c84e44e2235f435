import { Fragment, type ReactNode } from 'react';
import { AppLink } from '@/features/navigation';
import { safeContentHref } from '@/lib/links';
import { parseRichText, type RichNode } from '@/lib/richText';

function render(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.kind === 'text') return <Fragment key={index}>{node.text}</Fragment>;
    const children = render(node.children);
    switch (node.tag) {
      case 'br':
        return <br key={index} />;
      case 'a': {
        const link = node.href === undefined ? null : safeContentHref(node.href);
        // A link that is not http(s) or an app path (javascript:, data:, …) is its text only.
        if (link === null) return <Fragment key={index}>{children}</Fragment>;
        return link.external ? (
          <a key={index} href={link.href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        ) : (
          <AppLink key={index} to={link.href}>
            {children}
          </AppLink>
        );
      }
      case 'b':
        return <strong key={index}>{children}</strong>;
      case 'i':
        return <em key={index}>{children}</em>;
      default: {
        const Tag = node.tag;
        return <Tag key={index}>{children}</Tag>;
      }
    }
  });
}

/** A promotion's rich text, sanitised (lib/richText.ts): only safe tags, links checked. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{render(parseRichText(html))}</div>;
}
