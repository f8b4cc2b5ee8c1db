import { TEAM } from "./team";

/** The team, shared by Home and About. */
export function TeamSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="section team" aria-labelledby="team-title">
      <div className="container">
        <header className="section__header">
          <span className="eyebrow">The people behind the press</span>
          <Heading id="team-title">Meet our team</Heading>
          <p className="lead">Three juice lovers who taste every batch before it reaches your cup.</p>
        </header>
        <ul role="list" className="team__grid">
          {TEAM.map((member) => (
            <li key={member.name} className="team__member">
              <img
                src={member.image}
                alt={`Portrait of ${member.name}`}
                width="200"
                height="200"
                loading="lazy"
                decoding="async"
                className="team__portrait"
              />
              <h3 className="team__name">{member.name}</h3>
              <p className="team__role">{member.role}</p>
              <p className="team__bio">{member.bio}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
