// Checks for the window's end-to-end tests (tests/gui/*.cmake), printing what it measured:
//   gui_check png SHOT.png W H [EARLIER.png X0 Y0 X1 Y1]   size, not one colour, and (with
//            EARLIER) the pixels in the box [X0,X1) x [Y0,Y1) (where the cloth is, clear of
//            the panels) changed
//   gui_check grab STATS.csv                   the grabbed particle followed the cursor
//   gui_check switch STATS.csv [PAIRS]         no jump in the frame the solver switched (and
//            with PAIRS, at least that many distinct ordered solver pairs were switched)
//   gui_check responsive STATS.csv PAUSE       realtime pacing with a slow simulation: frames
//            were drawn while each step ran, the camera orbited meanwhile, the solver key
//            and the pause key (at display frame PAUSE) took effect
//   gui_check collider STATS.csv               a collider was held for 20 frames or more and
//            moved 0.3 m or more, the particles' mean moved along with it (from the frame it
//            started moving: pushed) by at least 30% of that, and no particle was inside a
//            collider in any frame
//   gui_check panels SHOWN.png HIDDEN.png MIN   the same frame with the panels shown and
//            hidden: the pixels that differ are the panels'; at least MIN percent of the
//            window must be scene
//   gui_check panes SHOT.png COLUMNS ROWS     compare panes: each pane's one-pixel border is
//            dark all round and its corner inside the border is the sky's clear colour
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

int fail(const std::string& message) {
    std::fprintf(stderr, "gui_check: FAIL: %s\n", message.c_str());
    return 1;
}

struct Image {
    int w = 0, h = 0;
    std::vector<unsigned char> rgb;
    bool load(const char* path) {
        int n = 0;
        unsigned char* data = stbi_load(path, &w, &h, &n, 3);
        if (!data) return false;
        rgb.assign(data, data + static_cast<size_t>(w) * h * 3);
        stbi_image_free(data);
        return true;
    }
    const unsigned char* at(int x, int y) const {
        return &rgb[(static_cast<size_t>(y) * w + x) * 3];
    }
};

int checkPng(int argc, char** argv) {
    if (argc < 5 || (argc > 5 && argc < 10))
        return fail("usage: gui_check png SHOT.png W H [EARLIER.png X0 Y0 X1 Y1]");
    Image shot;
    if (!shot.load(argv[2])) return fail(std::string("cannot read ") + argv[2]);
    const int w = std::atoi(argv[3]), h = std::atoi(argv[4]);
    if (shot.w != w || shot.h != h)
        return fail("size " + std::to_string(shot.w) + "x" + std::to_string(shot.h) +
                    ", expected " + std::to_string(w) + "x" + std::to_string(h));
    std::set<int> colours;
    for (size_t i = 0; i < shot.rgb.size(); i += 3)
        colours.insert(shot.rgb[i] << 16 | shot.rgb[i + 1] << 8 | shot.rgb[i + 2]);
    std::printf("%s: %dx%d, %zu distinct colours\n", argv[2], w, h, colours.size());
    if (colours.size() < 100) return fail("the picture is (nearly) one colour");
    if (argc < 6) return 0;
    Image earlier;
    if (!earlier.load(argv[5])) return fail(std::string("cannot read ") + argv[5]);
    if (earlier.w != w || earlier.h != h) return fail("the earlier shot has another size");
    const int x0 = std::max(0, std::atoi(argv[6])), y0 = std::max(0, std::atoi(argv[7]));
    const int x1 = std::min(w, std::atoi(argv[8])), y1 = std::min(h, std::atoi(argv[9]));
    int changed = 0, total = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x, ++total) {
            const unsigned char *a = shot.at(x, y), *b = earlier.at(x, y);
            const int d = std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
            if (d > 40) ++changed;
        }
    if (total == 0) return fail("empty comparison box");
    const double fraction = double(changed) / total;
    std::printf("box [%d,%d)x[%d,%d): %.1f%% of pixels changed against %s\n", x0, x1, y0, y1,
                100 * fraction, argv[5]);
    if (fraction < 0.03) return fail("the cloth region did not change between the two shots");
    return 0;
}

// The stats CSV as columns by name.
std::map<std::string, std::vector<double>> readCsv(const char* path, std::string& error) {
    std::ifstream in(path);
    std::map<std::string, std::vector<double>> columns;
    if (!in) {
        error = std::string("cannot read ") + path;
        return columns;
    }
    std::string line, cell;
    std::getline(in, line);
    std::vector<std::string> names;
    for (std::stringstream ss(line); std::getline(ss, cell, ',');) names.push_back(cell);
    while (std::getline(in, line)) {
        size_t k = 0;
        for (std::stringstream ss(line); std::getline(ss, cell, ',') && k < names.size(); ++k)
            columns[names[k]].push_back(std::atof(cell.c_str()));
    }
    for (const char* needed :
         {"grab_index", "grab_x", "target_x", "max_displacement", "solver_kind"})
        if (!columns.count(needed)) error = std::string(path) + ": no column " + needed;
    return columns;
}

int checkGrab(const char* path) {
    std::string error;
    auto c = readCsv(path, error);
    if (!error.empty()) return fail(error);
    const auto& idx = c["grab_index"];
    // Frames where the hand slipped (World's slip rule held the particle short of the
    // cursor, its edges at their limit) are exempt from following, and counted.
    const std::vector<double> none(idx.size(), 0.0);
    const auto& slip = c.count("grab_slip") ? c["grab_slip"] : none;
    int grabbed = 0, particle = -1, slipped = 0;
    double worst = 0, lo[3] = {1e9, 1e9, 1e9}, hi[3] = {-1e9, -1e9, -1e9};
    const char* axes[] = {"x", "y", "z"};
    for (size_t r = 0; r < idx.size(); ++r) {
        if (idx[r] < 0) continue;
        if (particle >= 0 && int(idx[r]) != particle) return fail("the grabbed particle changed");
        particle = int(idx[r]);
        ++grabbed;
        if (slip[r] > 0) ++slipped;
        double d2 = 0;
        for (int a = 0; a < 3; ++a) {
            const double x = c[std::string("grab_") + axes[a]][r];
            const double t = c[std::string("target_") + axes[a]][r];
            d2 += (x - t) * (x - t);
            lo[a] = std::min(lo[a], t);
            hi[a] = std::max(hi[a], t);
        }
        if (slip[r] == 0) worst = std::max(worst, std::sqrt(d2));
    }
    const double travel =
        std::sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                  (hi[2] - lo[2]) * (hi[2] - lo[2]));
    std::printf(
        "particle %d grabbed for %d frames (the hand slipped in %d); cursor target moved over a "
        "%.3f m box; largest particle-target distance where it held %.2e m\n",
        particle, grabbed, slipped, travel, worst);
    if (grabbed < 20) return fail("nothing was grabbed for 20 frames");
    if (grabbed - slipped < 20) return fail("the hand held the particle in fewer than 20 frames");
    if (travel < 0.3) return fail("the scripted cursor did not move the target 0.3 m");
    if (worst > 1e-6) return fail("the grabbed particle did not follow the cursor target");
    return 0;
}

int checkSwitch(const char* path, int wantPairs) {
    std::string error;
    auto c = readCsv(path, error);
    if (!error.empty()) return fail(error);
    const auto& kind = c["solver_kind"];
    const auto& disp = c["max_displacement"];
    int switches = 0, midDrag = 0;
    std::set<std::pair<int, int>> pairs;
    for (size_t r = 1; r < kind.size(); ++r) {
        if (kind[r] == kind[r - 1]) continue;
        pairs.insert({int(kind[r - 1]), int(kind[r])});
        const bool grabbed = c["grab_index"][r] >= 0;
        const double ratio = disp[r] / std::max(disp[r - 1], 1e-12);
        std::printf(
            "solver %g -> %g at row %zu%s: largest free-particle move %.5f m, frame "
            "before %.5f m, ratio %.3f\n",
            kind[r - 1], kind[r], r, grabbed ? " (mid-drag)" : "", disp[r], disp[r - 1], ratio);
        ++switches;
        midDrag += grabbed;
        if (ratio > 1.5) return fail("the solver switch made particles jump (over 1.5x)");
    }
    if (switches == 0) return fail("the solver never switched");
    if (midDrag == 0) return fail("no switch was in the middle of a drag");
    std::printf("%d switches, %zu distinct ordered pairs, %d mid-drag\n", switches, pairs.size(),
                midDrag);
    if (int(pairs.size()) < wantPairs)
        return fail("fewer distinct solver pairs than " + std::to_string(wantPairs));
    return 0;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Rows are simulated frames (written by the simulation thread); display_frame, wall_ms and
// camera_yaw are the window's at that moment.
int checkResponsive(const char* path, double pauseFrame) {
    std::string error;
    auto c = readCsv(path, error);
    if (!error.empty()) return fail(error);
    for (const char* needed : {"display_frame", "wall_ms", "camera_yaw", "sim_ms", "real_time"})
        if (!c.count(needed)) return fail(std::string("no column ") + needed);
    const auto& kind = c["solver_kind"];
    const auto& display = c["display_frame"];
    const auto& wall = c["wall_ms"];
    const auto& yaw = c["camera_yaw"];
    std::vector<double> stepMs, framesPerStep, gaps;
    int orbiting = 0, slowRows = 0;
    size_t firstFast = kind.size();
    for (size_t r = 0; r < kind.size(); ++r) {
        if (kind[r] != 3) {  // the key switched to another solver
            firstFast = std::min(firstFast, r);
            continue;
        }
        ++slowRows;
        stepMs.push_back(c["sim_ms"][r]);
        if (r == 0 || kind[r - 1] != 3) continue;
        framesPerStep.push_back(display[r] - display[r - 1]);
        gaps.push_back(wall[r] - wall[r - 1]);
        if (yaw[r] != yaw[r - 1]) ++orbiting;
    }
    const double drawn = median(framesPerStep), step = median(stepMs);
    std::printf(
        "MGPBD: %d simulated frames, median step %.0f ms (%.0f ms apart), median %.1f frames drawn "
        "per simulated frame, the camera moved during %d of them; real time x%.3f\n",
        slowRows, step, median(gaps), drawn, orbiting,
        slowRows ? c["real_time"][slowRows - 1] : 0.0);
    if (slowRows < 3) return fail("fewer than 3 simulated MGPBD frames");
    if (step < 200)
        return fail("the MGPBD step took under 200 ms: raise the resolution for this test");
    if (drawn < 3) return fail("the window did not keep drawing while the simulation stepped");
    if (orbiting < 1) return fail("the camera did not orbit while a step ran");
    if (firstFast == kind.size() || kind[firstFast] != 0)
        return fail("key 1 did not switch the solver to PBD");
    // The pause key: the step running then may finish, no other starts.
    int afterPause = 0;
    for (double d : display) afterPause += d > pauseFrame;
    std::printf(
        "key 1: PBD from display frame %.0f; %d simulated frames ended after the pause key, "
        "the last at display frame %.0f\n",
        display[firstFast], afterPause, display.back());
    if (afterPause > 1) return fail("the simulation kept running after the pause key");
    return 0;
}

int checkCollider(const char* path) {
    std::string error;
    auto c = readCsv(path, error);
    if (!error.empty()) return fail(error);
    for (const char* needed : {"penetrations", "held_collider", "held_x", "mean_x"})
        if (!c.count(needed)) return fail(std::string("no column ") + needed);
    const auto& held = c["held_collider"];
    const char* axes[] = {"x", "y", "z"};
    int rows = 0, collider = -1;
    size_t first = 0, last = 0;
    for (size_t r = 0; r < held.size(); ++r) {
        if (held[r] < 0) continue;
        if (collider >= 0 && int(held[r]) != collider) return fail("the held collider changed");
        if (collider < 0) first = r;
        collider = int(held[r]);
        last = r;
        ++rows;
    }
    if (rows < 20) return fail("no collider was held for 20 frames");
    auto at = [&](const char* column, int a, size_t r) {
        return c[std::string(column) + axes[a]][r];
    };
    // From the last held frame before the centre starts to move (the cloth may still fall).
    size_t start = first;
    while (start < last && at("held_", 0, start + 1) == at("held_", 0, first) &&
           at("held_", 1, start + 1) == at("held_", 1, first) &&
           at("held_", 2, start + 1) == at("held_", 2, first))
        ++start;
    double moved[3], mean[3], travel = 0, along = 0;
    for (int a = 0; a < 3; ++a) {
        moved[a] = at("held_", a, last) - at("held_", a, start);
        mean[a] = at("mean_", a, last) - at("mean_", a, start);
        travel += moved[a] * moved[a];
    }
    travel = std::sqrt(travel);
    for (int a = 0; a < 3; ++a) along += mean[a] * moved[a] / std::max(travel, 1e-12);
    double penetrations = 0;
    for (double p : c["penetrations"]) penetrations = std::max(penetrations, p);
    std::printf(
        "collider %d held for %d frames (rows %zu-%zu); from row %zu its centre moved (%.3f, "
        "%.3f, %.3f) m, %.3f m, and the particles' mean (%.3f, %.3f, %.3f) m, %.3f m along it; "
        "at most %g particles inside a collider in %zu frames\n",
        collider, rows, first, last, start, moved[0], moved[1], moved[2], travel, mean[0], mean[1],
        mean[2], along, penetrations, held.size());
    if (travel < 0.3) return fail("the held collider moved less than 0.3 m");
    if (along < 0.3 * travel) return fail("the cloth did not move along with the collider");
    if (penetrations > 0) return fail("particles ended inside a collider");
    return 0;
}

// A hand edit (a rip, a yank, a knife stroke) from a --stats CSV: every frame finite and no
// frame over 3x the run's median plus 20 ms (issue 54: work by hand is bounded in cost); a
// grab holds for at least 5 frames unless `holds` is false (the knife holds nothing); with a
// strain limit > 0, the max strain stays under it while the particle is held.
int checkHand(const char* path, double strainLimit, bool holds = true) {
    std::string error;
    auto c = readCsv(path, error);
    if (!error.empty()) return fail(error);
    for (const char* needed : {"sim_ms", "max_strain", "kinetic_energy"})
        if (!c.count(needed)) return fail(std::string("no column ") + needed);
    const auto& ms = c["sim_ms"];
    const auto& strain = c["max_strain"];
    const auto& energy = c["kinetic_energy"];
    const auto& grab = c["grab_index"];
    if (ms.size() < 100) return fail("fewer than 100 simulated frames");
    const double med = median(ms);
    const double bound = 3 * med + 20;
    // The first frame is the scene's set-up (MGPBD builds its hierarchy there), not the hand.
    size_t worstRow = 1;
    double heldStrain = 0, peakStrain = 0;
    int held = 0;
    for (size_t r = 0; r < ms.size(); ++r) {
        if (!std::isfinite(ms[r]) || !std::isfinite(strain[r]) || !std::isfinite(energy[r]))
            return fail("a non-finite value at row " + std::to_string(r));
        if (r > 0 && ms[r] > ms[worstRow]) worstRow = r;
        peakStrain = std::max(peakStrain, strain[r]);
        if (grab[r] >= 0) heldStrain = std::max(heldStrain, strain[r]), ++held;
    }
    std::printf(
        "%zu frames: median %.2f ms, slowest %.2f ms at row %zu (bound %.2f ms); held for %d "
        "frames, max strain while held %.3f, peak %.3f\n",
        ms.size(), med, ms[worstRow], worstRow, bound, held, heldStrain, peakStrain);
    if (holds && held < 5) return fail("nothing was held for 5 frames");
    if (ms[worstRow] > bound) return fail("a frame took over 3x the median plus 20 ms");
    if (strainLimit > 0 && heldStrain > strainLimit)
        return fail("the max strain while held passed " + std::to_string(strainLimit));
    return 0;
}

int checkPanels(const char* shownPath, const char* hiddenPath, double minScenePercent) {
    Image shown, hidden;
    if (!shown.load(shownPath)) return fail(std::string("cannot read ") + shownPath);
    if (!hidden.load(hiddenPath)) return fail(std::string("cannot read ") + hiddenPath);
    if (shown.w != hidden.w || shown.h != hidden.h) return fail("the shots differ in size");
    // A panel is dark and nearly opaque: a pixel under one differs by far more than the
    // renderer's run-to-run noise.
    size_t covered = 0;
    for (size_t i = 0; i < shown.rgb.size(); i += 3) {
        int d = 0;
        for (int c = 0; c < 3; ++c) d += std::abs(shown.rgb[i + c] - hidden.rgb[i + c]);
        covered += d > 8;
    }
    const double scene = 100.0 * (1.0 - double(covered) / double(shown.rgb.size() / 3));
    std::printf("%s: %.1f%% of the %dx%d window is scene (%.1f%% panels)\n", shownPath, scene,
                shown.w, shown.h, 100.0 - scene);
    if (scene < minScenePercent)
        return fail("the panels cover more than " + std::to_string(100.0 - minScenePercent) +
                    "% of the window");
    return 0;
}

// Compare panes: the window cut into COLUMNS x ROWS equal panes; along every pane's four edges
// the outermost pixel row is the dark border, and the pixel two in from its top-left corner is
// the renderer's sky clear colour (RenderOptions::skyColor), so each pane was cleared and none
// painted over another's border.
int checkPanes(const char* path, int columns, int rows) {
    Image shot;
    if (!shot.load(path)) return fail(std::string("cannot read ") + path);
    if (columns < 1 || rows < 1) return fail("columns and rows must be positive");
    const int sky[3] = {148, 163, 181};
    auto near = [](const unsigned char* p, const int* want, int tolerance) {
        for (int c = 0; c < 3; ++c)
            if (std::abs(p[c] - want[c]) > tolerance) return false;
        return true;
    };
    const int dark[3] = {26, 26, 26};
    int borderPixels = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const int x0 = shot.w * c / columns, x1 = shot.w * (c + 1) / columns - 1;
            const int y0 = shot.h * r / rows, y1 = shot.h * (r + 1) / rows - 1;
            const std::string pane = "pane " + std::to_string(r * columns + c + 1);
            for (int x = x0; x <= x1; ++x, borderPixels += 2)
                if (!near(shot.at(x, y0), dark, 8) || !near(shot.at(x, y1), dark, 8))
                    return fail(pane + ": its top or bottom border is not dark at x " +
                                std::to_string(x));
            for (int y = y0; y <= y1; ++y, borderPixels += 2)
                if (!near(shot.at(x0, y), dark, 8) || !near(shot.at(x1, y), dark, 8))
                    return fail(pane + ": its left or right border is not dark at y " +
                                std::to_string(y));
            if (!near(shot.at(x0 + 2, y0 + 2), sky, 6))
                return fail(pane + ": the pixel inside its corner is not the sky's colour");
        }
    std::printf("%s: %d x %d panes, %d border pixels dark, every pane's corner sky\n", path,
                columns, rows, borderPixels);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string what = argc > 1 ? argv[1] : "";
    if (what == "png") return checkPng(argc, argv);
    if (what == "grab" && argc > 2) return checkGrab(argv[2]);
    if (what == "switch" && argc > 2)
        return checkSwitch(argv[2], argc > 3 ? std::atoi(argv[3]) : 0);
    if (what == "responsive" && argc > 3) return checkResponsive(argv[2], std::atof(argv[3]));
    if (what == "collider" && argc > 2) return checkCollider(argv[2]);
    if (what == "hand" && argc > 2) return checkHand(argv[2], argc > 3 ? std::atof(argv[3]) : 0);
    if (what == "cut" && argc > 2) return checkHand(argv[2], 0, false);
    if (what == "panels" && argc > 4) return checkPanels(argv[2], argv[3], std::atof(argv[4]));
    if (what == "panes" && argc > 4)
        return checkPanes(argv[2], std::atoi(argv[3]), std::atoi(argv[4]));
    return fail("usage: gui_check png|grab|switch|responsive|collider|hand|cut|panels|panes ...");
}
