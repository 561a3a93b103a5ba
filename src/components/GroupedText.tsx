// Text that a line may break only between its groups (a license key's groups, an e-mail address's
// words): a break opportunity (<wbr>) after each group, and a group whose own characters would offer a
// break (a hyphen inside a word of an address) kept whole in a span that does not wrap. The rest stays
// plain text, so the element's text is the text as typed (and copied). `break-words` lets a group too
// long for a phone's line break rather than overflow the screen.
import { Fragment } from 'react';

/** A longer group is not held on one line: a phone's line may need to break it. */
const unbrokenGroupMax = 24;

export function GroupedText({
  groups,
  className = '',
  as: Tag = 'span',
}: {
  groups: readonly string[];
  className?: string;
  as?: 'span' | 'code';
}) {
  return (
    <Tag className={`break-words ${className}`}>
      {groups.map((group, index) => (
        // Groups may repeat and hold no state: their place is their identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {/-[^-]/.test(group) && group.length <= unbrokenGroupMax ? (
            <span className="whitespace-nowrap">{group}</span>
          ) : (
            group
          )}
        </Fragment>
      ))}
    </Tag>
  );
}

/** An e-mail address's words: a line may break after its '@' and its dots, never inside a word. */
export function emailGroups(email: string): string[] {
  return email.match(/[^@.]*[@.]+|[^@.]+$/g) ?? [email];
}
