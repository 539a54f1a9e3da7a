#pragma once
// A file dropped on the window (GLFW's drop callback, and the scripted "drop" event, which
// call the same onDrop): an open surface becomes a cloth, a closed one a soft body through
// TetGen, with the command line's import options (--pin-top, --tets, --triangles). The file
// is read and tetrahedralized by an ImportJob off the UI thread, with progress and a cancel
// button in the Scene panel, while the scene keeps running; the result then replaces the
// scene between two steps. A file that cannot be read or built gives a message naming the
// file and the problem, and the running scene is untouched.
#include <string>

namespace app::gui {

struct Sandbox;

void onDrop(Sandbox& s, const std::string& path);
// Hands a finished import to the simulation, or reports why it failed. `wait`: block until
// the job is done (lockstep runs, so a scripted drop lands at the same frame every time).
void pollImport(Sandbox& s, bool wait);

}  // namespace app::gui
