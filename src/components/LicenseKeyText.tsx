// A license key as text (docs/licenses.md, 'Showing a key'): a narrow screen breaks it after a hyphen,
// between its groups, and inside a group only when that group alone is wider than the line (GroupedText).
import { licenseKeyGroups } from '../../domain/licenseKeys';
import { GroupedText } from './GroupedText';

export function LicenseKeyText({ value, className = '' }: { value: string; className?: string }) {
  return <GroupedText as="code" groups={licenseKeyGroups(value)} className={className} />;
}
