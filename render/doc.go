// Package render draws an engine view of the board with gg: sea, land,
// borders, names and supply centres; the ownership tint; army and fleet
// pieces in their powers' colours with the power's initial on each; the
// orders, the results of the last adjudication; and the highlights a
// board widget needs (the province under the pointer, the selected unit,
// the drop targets of a drag and the dragged unit as a ghost).
//
// A Renderer is made once per board (New) and draws images of any size
// (Render, RenderInto); HitTest maps an image pixel back to a province or
// coast. Everything that does not depend on the position is drawn once
// per size and kept (the static layer); each frame copies it and draws
// the rest over the copy, with pieces and marks composited from small
// cached sprites. A Renderer belongs to one goroutine at a time.
//
// Coordinates: the geometry is in board units (x east, y down, about
// 1000 across, see render/geometry); the board is scaled to fit the image
// and centred in it, and sizes of pieces and writing follow the scale
// with lower limits that keep them legible.
//
// Colours come from the Okabe-Ito palette, which stays apart for colour
// blind players, and no information rests on colour alone: pieces carry
// initials, unit types differ in shape, failed orders are crossed out,
// impassable land is hatched and owned centres differ from unowned ones
// in their marker.
package render
