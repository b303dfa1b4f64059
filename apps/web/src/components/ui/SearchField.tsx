import { Field } from './Field';

interface SearchFieldProps {
  label: string;
  hint: string;
  value: string;
  onChange: (text: string) => void;
  /** The longest text the server searches (SEARCH_LENGTH in libs/domain). */
  maxLength: number;
}

/** A list's search box (issue 38): a labelled search input, no longer than the server searches. */
export function SearchField({ label, hint, value, onChange, maxLength }: SearchFieldProps) {
  return (
    <div role="search">
      <Field label={label} hint={hint}>
        {(control) => (
          <input
            className="input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={maxLength}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            {...control}
          />
        )}
      </Field>
    </div>
  );
}
