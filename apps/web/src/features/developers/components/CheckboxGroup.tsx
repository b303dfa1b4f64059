/** A fieldset of checkboxes (permissions, webhook events): each choice with its label and, quieter, its code. */
export function CheckboxGroup<T extends string>({
  legend,
  choices,
  chosen,
  onChange,
}: {
  legend: string;
  choices: readonly { value: T; label: string; hint?: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  const toggle = (value: T, on: boolean) => onChange(on ? choices.map((choice) => choice.value).filter((kept) => kept === value || chosen.includes(kept)) : chosen.filter((kept) => kept !== value));
  return (
    <fieldset className="form__choices">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="checkbox">
          <input type="checkbox" checked={chosen.includes(choice.value)} onChange={(event) => toggle(choice.value, event.target.checked)} />
          <span>
            {choice.label}
            {choice.hint && (
              <>
                {' '}
                <code className="muted">{choice.hint}</code>
              </>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
