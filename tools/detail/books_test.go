package detail_test

import (
	"fmt"
	"strings"
	"testing/fstest"
)

// A posting of householdBooks: paid from the bank to the expense account to
// ("food" 4000 Lebensmittel, "rent" 4100 Miete).
type posting struct{ date, party, text, value, to string }

// shopAmounts are twelve purchases at amounts that never stay within 5.00
// of each other.
var shopAmounts = []string{"23.40", "61.10", "35.75", "18.50", "44.20", "52.00", "27.80", "66.40", "31.25", "48.90", "20.10", "57.35"}

// householdBooks writes small books of mandator Haushalt, in the
// XmlSerializer form of docs/format.md, with the postings of each year: a
// bank account (1010, starting at 50000.00) and the expense accounts 4000
// Lebensmittel and 4100 Miete.
func householdBooks(years map[int][]posting) fstest.MapFS {
	const head = "\ufeff<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n"
	const ns = ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"`
	accounts := head + "<ArrayOfAccount" + ns + ">\r\n" +
		"  <Account><Id>bank</Id><Number>1010</Number><Name>Bank</Name><StartBalance>50000.00</StartBalance></Account>\r\n" +
		"  <Account><Id>food</Id><Number>4000</Number><Name>Lebensmittel</Name><StartBalance>0</StartBalance></Account>\r\n" +
		"  <Account><Id>rent</Id><Number>4100</Number><Name>Miete</Name><StartBalance>0</StartBalance></Account>\r\n" +
		"</ArrayOfAccount>\r\n"
	subclasses := head + "<ArrayOfSubClass" + ns + ">\r\n" +
		"  <SubClass><Id>s10</Id><Number>10</Number><Name>Flüssige Mittel</Name></SubClass>\r\n" +
		"  <SubClass><Id>s40</Id><Number>40</Number><Name>Lebensmittel</Name></SubClass>\r\n" +
		"  <SubClass><Id>s41</Id><Number>41</Number><Name>Wohnen</Name></SubClass>\r\n" +
		"</ArrayOfSubClass>\r\n"
	fsys := fstest.MapFS{}
	for y, ps := range years {
		var b strings.Builder
		b.WriteString(head + "<ArrayOfTransaction" + ns + ">\r\n")
		for i, p := range ps {
			fmt.Fprintf(&b, "  <Transaction><Id>t%d-%d</Id><RelatedParty>%s</RelatedParty><ValueDate>%sT00:00:00</ValueDate>"+
				"<BookingDate>%sT00:00:00</BookingDate><Text>%s</Text><Value>%s</Value><OriginAccountId>bank</OriginAccountId>"+
				"<TargetAccountId>%s</TargetAccountId><FxRate xsi:nil=\"true\" /></Transaction>\r\n", y, i, p.party, p.date, p.date, p.text, p.value, p.to)
		}
		b.WriteString("</ArrayOfTransaction>\r\n")
		dir := fmt.Sprintf("%d/Haushalt/Data/", y)
		fsys[dir+"Accounts.xml"] = &fstest.MapFile{Data: []byte(accounts)}
		fsys[dir+"SubClasses.xml"] = &fstest.MapFile{Data: []byte(subclasses)}
		fsys[dir+"Transactions.xml"] = &fstest.MapFile{Data: []byte(b.String())}
	}
	return fsys
}
