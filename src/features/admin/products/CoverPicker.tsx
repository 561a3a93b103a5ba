import { useEffect, useState } from 'react';
import { coverTypes } from './productValidation';
import { FormField } from '../../../components/FormField';

/** A cover file input with a preview of the chosen image. */
export function CoverPicker({
  label,
  file,
  onFileChange,
  error,
  disabled = false,
  resetKey = 0,
}: {
  label: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error?: string | null;
  disabled?: boolean;
  /** Change it to empty the input (a file input's value cannot be set). */
  resetKey?: number;
}) {
  const [read, setRead] = useState<{ file: File; url: string } | null>(null);
  const preview = file && read?.file === file ? read.url : null;

  // A data URL rather than an object URL: nothing to revoke, and it works wherever FileReader does.
  useEffect(() => {
    if (!file) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setRead({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
    };
  }, [file]);

  return (
    <div className="space-y-3">
      <FormField label={label} error={error}>
        {(control) => (
          <input
            key={resetKey}
            {...control}
            type="file"
            accept={coverTypes.join(',')}
            disabled={disabled}
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
            className={`${control.className} file:mr-3 file:rounded file:border-0 file:bg-brand-700 file:px-3 file:py-1 file:text-white`}
          />
        )}
      </FormField>
      {preview ? (
        <img
          src={preview}
          alt="Preview of the selected cover"
          width={320}
          height={240}
          className="aspect-[4/3] w-full max-w-xs rounded-lg bg-slate-100 object-cover"
        />
      ) : null}
    </div>
  );
}
