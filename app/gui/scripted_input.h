#pragma once
// Scripted input (--input FILE.json): timed mouse moves, presses, releases, wheel steps, key
// presses, panel edits ("set") and file drops, by displayed-frame number, replayed through
// the same handlers as a person's input (input.h, Sandbox's editSettings, mesh_drop.h). The file
// format and its checks: input_script_file.h. Coordinates given for a window of another size are
// scaled to this one, so one script fits any size. Events of one frame run before that frame's
// step, in file order. A move may name a particle (input_script_file.h).
#include <string>
#include <vector>

#include "app/gui/input.h"
#include "app/gui/input_script_file.h"

namespace app::gui {

class InputScript {
  public:
    // Reads and checks the file; returns an error naming the file, the event index and the
    // bad value, or empty. On error the script loaded before is kept.
    std::string load(const std::string& path);
    // Sends the events of `frame` to the handlers.
    void dispatch(Sandbox& s, int frame);
    bool empty() const { return script_.events.empty(); }
    int lastFrame() const { return script_.events.empty() ? 0 : script_.events.back().frame; }

  private:
    // A move to where a particle is drawn; false (and a message) if there is no such particle.
    bool moveToParticle(Sandbox& s, int particle, int frame);

    ScriptFile script_;
    size_t next_ = 0;
    double anchorX_ = 0, anchorY_ = 0;  // the last particle move's pixel
};

}  // namespace app::gui
