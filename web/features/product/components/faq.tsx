import { useId, useState } from "react";
import { FAQ_ENTRIES, type FaqEntry } from "./faq-entries";

/** An accordion: one answer open at a time; opening another closes the first, a second click closes it. */
export function Faq({
  entries = FAQ_ENTRIES,
  title = "Frequently asked questions",
}: {
  entries?: readonly FaqEntry[];
  title?: string;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  const headingId = `${baseId}-title`;
  return (
    <section className="faq" aria-labelledby={headingId}>
      <h2 id={headingId} className="faq__title">
        {title}
      </h2>
      <div className="faq__list">
        {entries.map((entry, index) => {
          const isOpen = openIndex === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={entry.question} className={`faq__item${isOpen ? " faq__item--open" : ""}`}>
              <h3 className="faq__question">
                <button
                  id={buttonId}
                  type="button"
                  className="faq__toggle"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(isOpen ? null : index)}
                >
                  <span>{entry.question}</span>
                  <svg className="faq__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path
                      d="M6 9l6 6 6-6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.4"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!isOpen}>
                {typeof entry.answer === "function" ? entry.answer(isOpen) : entry.answer}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
