package geometry

import "testing"

// TestIslandHosts records where the islands of the board belong on the
// standard board: most small islands are part of the sea around them,
// some are part of a land province (borders.txt "part" lines).
func TestIslandHosts(t *testing.T) {
	b, _ := load(t)
	for _, c := range []struct {
		island   string
		lon, lat float64
		want     string
	}{
		{"Ireland", -8.0, 53.3, "iri"}, {"Iceland", -18.5, 64.9, "nao"}, {"Isle of Man", -4.52, 54.22, "iri"},
		{"Anglesey", -4.34, 53.27, "wal"}, {"Isle of Wight", -1.3, 50.68, "lon"}, {"Skye", -6.2, 57.3, "cly"},
		{"Orkney", -3.05, 59.0, "edi"}, {"Shetland", -1.3, 60.3, "nwg"}, {"Faroe Islands", -6.9, 62.1, "nwg"},
		{"Lewis", -6.6, 58.2, "nao"}, {"Jersey", -2.13, 49.21, "eng"},
		{"Funen", 10.4, 55.3, "den"}, {"Zealand", 11.8, 55.5, "den"}, {"Lolland", 11.5, 54.75, "den"},
		{"Bornholm", 14.9, 55.12, "den"}, {"Gotland", 18.5, 57.45, "swe"}, {"Oland", 16.55, 56.7, "swe"},
		{"Rugen", 13.4, 54.45, "ber"}, {"Saaremaa", 22.5, 58.4, "lvn"}, {"Aland", 20.0, 60.2, "bot"},
		{"Lofoten", 14.0, 68.2, "nwy"}, {"Kolguyev", 49.0, 69.1, "bar"},
		{"Corsica", 9.1, 42.1, "tys"}, {"Sardinia", 9.0, 40.0, "tys"}, {"Sicily", 14.2, 37.5, "ion"},
		{"Elba", 10.25, 42.78, "tys"}, {"Malta", 14.42, 35.9, "ion"}, {"Mallorca", 2.95, 39.65, "wes"},
		{"Menorca", 4.1, 39.97, "wes"}, {"Ibiza", 1.43, 38.98, "wes"}, {"Corfu", 19.85, 39.6, "ion"},
		{"Cephalonia", 20.55, 38.25, "gre"}, {"Euboea", 23.85, 38.55, "gre"}, {"Crete", 24.9, 35.25, "aeg"},
		{"Lesbos", 26.3, 39.2, "aeg"}, {"Chios", 26.0, 38.4, "aeg"}, {"Rhodes", 28.0, 36.2, "eas"},
		{"Cyprus", 33.2, 35.05, "eas"}, {"Oleron", -1.29, 45.94, "gas"},
	} {
		p, _ := b.Project(c.lon, c.lat)
		got, _, _ := b.ProvinceAt(p.X, p.Y)
		if got != c.want {
			t.Errorf("%s belongs to %s, want %s", c.island, got, c.want)
		}
	}
}
