import type { PlaceSuggestionDto } from '@coursa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PLACE_SEARCH_LENGTH } from '@coursa/domain';
import { useId, useState, type KeyboardEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { useSettledValue } from '@/hooks/use-search-term';
import { orderingQueries } from '../api/ordering-api';
import { suggestionLines, SUGGESTION_MESSAGES } from '../place-suggestions';

interface AddressFieldProps {
  value: string;
  /** Typed by hand. */
  onType: (text: string) => void;
  /** A suggestion chosen (a tap, or Enter on the highlighted one). */
  onChoose: (suggestion: PlaceSuggestionDto) => void;
  /** Where the nearest places are looked for (this point, else the other), or null. */
  origin: { lat: string; lng: string } | null;
}

/**
 * « Adresse » with search as you type (issue 39): her addresses first, then the known places nearest to `origin`,
 * accent- and typo-tolerant on the server; asked 300 ms after the last key, cached, the previous list kept while the
 * next one comes (a slow network shows something). An ARIA combobox (WAI-ARIA's list autocomplete pattern): the
 * arrows move through the list, Enter chooses, Escape closes. Written here rather than with downshift, which would
 * add prop-types, react-is and its runtime to the order form's first screen for one input and one list.
 */
export function AddressField({ value, onType, onChoose, origin }: AddressFieldProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useSettledValue(value.trim());
  const searching = open && term.length >= PLACE_SEARCH_LENGTH.min;
  const { data, isError, isFetching } = useQuery({
    ...orderingQueries.placeSuggestions(term, origin),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const suggestions = searching ? (data?.suggestions ?? []) : [];
  const expanded = searching && (suggestions.length > 0 || (!isFetching && data !== undefined) || isError);

  const choose = (suggestion: PlaceSuggestionDto) => {
    onChoose(suggestion);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape') {
      // Closed until she types again, even when the list had not come yet.
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="address-field">
      <Field label="Adresse">
        {(control) => (
          <input
            {...control}
            className="input"
            value={value}
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            onChange={(event) => {
              onType(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
        )}
      </Field>
      <ul className="address-field__list" id={listId} role="listbox" aria-label="Adresses proposées" hidden={!suggestions.length || !expanded}>
        {suggestions.map((suggestion, index) => {
          const { title, detail } = suggestionLines(suggestion);
          return (
            <li
              key={`${suggestion.source}-${suggestion.place_id ?? ''}-${suggestion.address}-${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="address-field__option"
              // Before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              <span className="address-field__title">{title}</span>
              <span className="address-field__detail">{detail}</span>
            </li>
          );
        })}
      </ul>
      {expanded && !suggestions.length && (
        <p className="address-field__empty" role="status">
          {isError ? SUGGESTION_MESSAGES.failed : SUGGESTION_MESSAGES.none}
        </p>
      )}
    </div>
  );
}
