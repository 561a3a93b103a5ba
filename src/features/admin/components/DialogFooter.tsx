import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';

interface DialogFooterProps {
  /** Why the last submit failed, in words; announced when it appears. */
  failure: string | null;
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** The end of a dialog's form: its failure, Cancel, and the submit button that cannot be pressed twice. */
export function DialogFooter({ failure, onCancel, busy, label, busyLabel }: DialogFooterProps) {
  return (
    <>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
