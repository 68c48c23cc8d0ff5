package prompt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// text is a sentence in English and German.
type text struct{ en, de string }

func (t text) in(lang string) string {
	if lang == "de" {
		return t.de
	}
	return t.en
}

// arg is one argument of a step's tool call; args keep their order.
type arg struct {
	key   string
	value any
}

// step is one tool call of a plan and what to take from its answer.
type step struct {
	tool string
	args []arg
	what text
}

// plan is a prompt's text: an introduction, the numbered steps, and how to
// write the answer.
type plan struct {
	intro text
	steps []step
	outro []text
}

// render writes p in lang, leaving out the steps whose tool has is false
// for.
func render(p plan, lang string, has func(string) bool) string {
	var b strings.Builder
	b.WriteString(p.intro.in(lang))
	b.WriteString("\n\n")
	n := 0
	for _, s := range p.steps {
		if !has(s.tool) {
			continue
		}
		n++
		fmt.Fprintf(&b, "%d. %s %s — %s\n", n, s.tool, callArgs(s.args), s.what.in(lang))
	}
	for _, t := range p.outro {
		if s := t.in(lang); s != "" {
			b.WriteString("\n")
			b.WriteString(s)
			b.WriteString("\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// callArgs writes args as a compact JSON object in their order.
func callArgs(args []arg) string {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(a.key)
		b.Write(k)
		b.WriteByte(':')
		var v bytes.Buffer
		enc := json.NewEncoder(&v)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(a.value)
		b.Write(bytes.TrimSpace(v.Bytes()))
	}
	b.WriteByte('}')
	return b.String()
}

var monthNames = map[string][]string{
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"de": {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
}

// describe names a period for the prompt text: "March 2026", "2026-Q3
// (2026-07-01 to 2026-09-30)", "2026".
func describe(p Period, lang string) string {
	to := map[string]string{"en": "to", "de": "bis"}[lang]
	switch p.Kind {
	case "month":
		return fmt.Sprintf("%s %d (%s %s %s)", monthNames[lang][p.From.Month()-1], p.Year, p.FromDate(), to, p.ToDate())
	case "quarter":
		return fmt.Sprintf("%s (%s %s %s)", p.Label, p.FromDate(), to, p.ToDate())
	}
	return p.Label
}

// language is the closing line that fixes the answer's language.
var language = text{
	en: "Write your answer in English.",
	de: "Schreibe deine Antwort auf Deutsch.",
}

// exactly is the rule for numbers every prompt ends with.
var exactly = text{
	en: "Quote every amount exactly as the tools return it (CHF, two decimals); compute only differences and shares between returned amounts, and never recompute a total a tool gives. Name the mandator and say how current the books are (dataAsOf in the answers, when present).",
	de: "Übernimm jeden Betrag genau so, wie ihn die Tools liefern (CHF, zwei Dezimalstellen); rechne nur Differenzen und Anteile zwischen gelieferten Beträgen und rechne keine Summe nach, die ein Tool bereits liefert. Nenne den Mandanten und wie aktuell die Buchhaltung ist (dataAsOf in den Antworten, falls vorhanden).",
}

// aggregateNote tells the model what Aggregate mode cannot answer.
var aggregateNote = text{
	en: "This server is in Aggregate mode: it gives totals and categories only. Describe everything at the level of categories; single postings, texts and counterparties cannot be looked up here, so do not guess them.",
	de: "Dieser Server läuft im Aggregate-Modus: Er liefert nur Summen und Kategorien. Beschreibe alles auf Ebene der Kategorien; einzelne Buchungen, Texte und Gegenparteien sind hier nicht abrufbar, also errate sie nicht.",
}
